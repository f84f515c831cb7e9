import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type ProjectUpdatePayload, UPDATE_MESSAGES } from "#domain/schemas/project-update.ts";
import { UPDATE_TEXTS } from "~/admin/common/project-texts.ts";
import { UpdateForm } from "./update-form.tsx";

const PROJECTS = [
  { id: 4, name: "برج الشاطئ" },
  { id: 9, name: "فلل النخيل" },
];

describe("UpdateForm (SPEC §2.13)", { timeout: 30_000 }, () => {
  it("requires a project and a title, then sends the fields with no visit date as null", async () => {
    const onSubmit = vi.fn(async (_payload: ProjectUpdatePayload) => {});
    render(<UpdateForm update={null} projects={PROJECTS} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: UPDATE_TEXTS.createSubmit }));
    expect(await screen.findByText(UPDATE_MESSAGES.projectRequired)).toBeInTheDocument();
    expect(screen.getByText(UPDATE_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText(UPDATE_TEXTS.project), "9");
    await user.type(screen.getByLabelText(UPDATE_TEXTS.updateTitle), "اكتمال الهيكل");
    expect(screen.getByRole("checkbox", { name: UPDATE_TEXTS.noVisitDate })).toBeChecked();
    await user.click(screen.getByRole("button", { name: UPDATE_TEXTS.createSubmit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      projectId: 9,
      title: "اكتمال الهيكل",
      lastVisitDate: null,
      completionPercentage: 0,
      interiorPhotos: [],
      dronePhotos: [],
    });
  });
});
