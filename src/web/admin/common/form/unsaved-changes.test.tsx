import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { createRoutesStub, Link, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminForm } from "./admin-form.tsx";
import { Field } from "./field.tsx";

function EditScreen() {
  const form = useForm({ defaultValues: { name: "برج الساحل" } });
  const submit = form.handleSubmit(async () => {});
  return (
    <>
      <Link to="/admin/projects">إدارة المشاريع</Link>
      <Link to="/admin/units/1/edit?tab=prices">الأسعار</Link>
      <AdminForm guardUnsaved form={form} onSubmit={submit}>
        <Field name="name" label="اسم المشروع" />
        <button type="submit">حفظ</button>
      </AdminForm>
    </>
  );
}

/** A screen whose save answers after a round trip and then goes to the list itself, as the unit and project editors do. */
function SaveAndLeaveScreen() {
  const form = useForm({ defaultValues: { name: "برج الساحل" } });
  const navigate = useNavigate();
  const submit = form.handleSubmit(async () => {
    await new Promise((resolve) => queueMicrotask(() => resolve(null)));
    navigate("/admin/projects");
  });
  return (
    <AdminForm guardUnsaved form={form} onSubmit={submit}>
      <Field name="name" label="اسم المشروع" />
      <button type="submit">حفظ</button>
    </AdminForm>
  );
}

function renderEditor(Screen = EditScreen) {
  const Stub = createRoutesStub([
    { path: "/admin/units/1/edit", Component: Screen },
    { path: "/admin/projects", Component: () => <h1>قائمة المشاريع</h1> },
  ]);
  render(<Stub initialEntries={["/admin/units/1/edit"]} />);
  return userEvent.setup();
}

describe("unsaved changes are warned before they are lost (docs/decisions/100-unsaved-changes-guard.md)", () => {
  it("asks before leaving a changed form; «البقاء في الصفحة» keeps the text, «المغادرة دون حفظ» leaves", async () => {
    const user = renderEditor();
    await user.type(screen.getByLabelText("اسم المشروع"), " الجديد");
    await user.click(screen.getByRole("link", { name: "إدارة المشاريع" }));
    const dialog = await screen.findByRole("alertdialog", { name: "لديك تغييرات غير محفوظة" });
    await user.click(screen.getByRole("button", { name: "البقاء في الصفحة" }));
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByLabelText("اسم المشروع")).toHaveValue("برج الساحل الجديد");
    await user.click(screen.getByRole("link", { name: "إدارة المشاريع" }));
    await user.click(await screen.findByRole("button", { name: "المغادرة دون حفظ" }));
    expect(await screen.findByRole("heading", { name: "قائمة المشاريع" })).toBeInTheDocument();
  });

  it("lets an unchanged or saved form go, and a change of the query string alone stay unasked", async () => {
    const user = renderEditor();
    await user.type(screen.getByLabelText("اسم المشروع"), " الجديد");
    await user.click(screen.getByRole("link", { name: "الأسعار" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    await user.click(screen.getByRole("link", { name: "إدارة المشاريع" }));
    expect(await screen.findByRole("heading", { name: "قائمة المشاريع" })).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("lets a save that goes to the list itself leave without asking", async () => {
    const user = renderEditor(SaveAndLeaveScreen);
    await user.type(screen.getByLabelText("اسم المشروع"), " الجديد");
    await user.click(screen.getByRole("button", { name: "حفظ" }));
    expect(await screen.findByRole("heading", { name: "قائمة المشاريع" })).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});
