import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NAME_CHECK_DEBOUNCE_MS } from "#domain/constants.ts";
import { PROJECT_MESSAGES, type ProjectPayload } from "#domain/schemas/project.ts";
import type { Project } from "#domain/types.ts";
import { PROJECT_TEXTS } from "~/admin/common/project-texts.ts";
import { makeProject } from "~/test-utils/public-fixtures.ts";
import { ProjectForm } from "./project-form.tsx";
import { FORM_TEXTS } from "./project-form-texts.ts";

function renderForm(options: { project?: Project; signedIn?: boolean; exists?: boolean } = {}) {
  const checkName = vi.fn(async () => ({
    exists: options.exists ?? false,
    message: options.exists ? PROJECT_MESSAGES.nameExists : null,
  }));
  const onSubmit = vi.fn(async (_payload: ProjectPayload) => {});
  render(
    <ProjectForm
      project={options.project}
      signedIn={options.signedIn ?? true}
      onSubmit={onSubmit}
      checkName={checkName}
    />,
  );
  return { checkName, onSubmit, user: userEvent.setup() };
}

const existing: Project = makeProject({
  id: 7,
  name: "برج الشاطئ",
  price: 1000000,
  district: null,
  areaSize: 150,
  rooms: 3,
  bathrooms: 2,
  guarantees: [{ type: "structural", years: 20 }],
  completionPercentage: 10,
});

describe("ProjectForm: name check (SPEC §5.3)", () => {
  // The 500 ms debounce runs on fake timers: each step moves the clock, nothing waits on the wall clock.
  const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("checks the name once, 500 ms after the last change, shows 'جاري التحقق...' and blocks a taken name", async () => {
    const checkName = vi.fn(async () => ({ exists: true, message: PROJECT_MESSAGES.nameExists }));
    const onSubmit = vi.fn(async (_payload: ProjectPayload) => {});
    render(<ProjectForm signedIn onSubmit={onSubmit} checkName={checkName} />);
    fireEvent.change(screen.getByLabelText(FORM_TEXTS.name), { target: { value: "برج" } });
    await elapse(300);
    fireEvent.change(screen.getByLabelText(FORM_TEXTS.name), { target: { value: "برج النخيل" } });
    await elapse(300);
    fireEvent.change(screen.getByLabelText(FORM_TEXTS.city), { target: { value: "جدة" } });
    expect(screen.getByText(PROJECT_MESSAGES.nameChecking)).toBeInTheDocument();
    await elapse(NAME_CHECK_DEBOUNCE_MS - 1);
    expect(checkName).not.toHaveBeenCalled();
    await elapse(1);
    expect(checkName).toHaveBeenCalledTimes(1);
    expect(checkName).toHaveBeenCalledWith(
      { name: "برج النخيل", city: "جدة", excludeId: undefined },
      expect.anything(),
    );
    await elapse(0);
    expect(screen.getByText(PROJECT_MESSAGES.nameExists)).toBeInTheDocument();
    expect(screen.queryByText(PROJECT_MESSAGES.nameChecking)).not.toBeInTheDocument();
    expect(screen.getByText(PROJECT_MESSAGES.nameError)).toBeInTheDocument();
    const submit = screen.getByRole("button", { name: PROJECT_MESSAGES.fixErrors });
    expect(submit).toBeDisabled();
    fireEvent.submit(submit.closest("form") as HTMLFormElement);
    await elapse(50);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("skips the check when the name is empty or equals the edited project's name", async () => {
    const checkName = vi.fn(async () => ({ exists: true, message: null }));
    render(<ProjectForm project={existing} signedIn onSubmit={async () => {}} checkName={checkName} />);
    const name = screen.getByLabelText(FORM_TEXTS.name);
    fireEvent.change(name, { target: { value: "" } });
    await elapse(NAME_CHECK_DEBOUNCE_MS * 2);
    fireEvent.change(name, { target: { value: "برج الشاطئ" } });
    await elapse(NAME_CHECK_DEBOUNCE_MS * 2);
    expect(checkName).not.toHaveBeenCalled();
    expect(screen.queryByText(PROJECT_MESSAGES.nameChecking)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: PROJECT_TEXTS.updateSubmit })).toBeEnabled();
  });

  it("says a signed-out user must log in and disables saving", () => {
    renderForm({ signedIn: false });
    expect(screen.getByText(PROJECT_MESSAGES.mustLogin)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: PROJECT_MESSAGES.mustLoginButton })).toBeDisabled();
  });
});

describe("ProjectForm: ranges (SPEC §5.3)", { timeout: 30_000 }, () => {
  it("requires both ends of a rooms range and max ≥ min", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(FORM_TEXTS.name), "مشروع");
    await user.selectOptions(screen.getByLabelText(FORM_TEXTS.roomsType), "range");
    await user.type(screen.getByLabelText(FORM_TEXTS.roomsMin), "4");
    await user.click(screen.getByRole("button", { name: PROJECT_TEXTS.createSubmit }));
    expect(await screen.findByText(PROJECT_MESSAGES.roomsRange)).toBeInTheDocument();
    await user.type(screen.getByLabelText(FORM_TEXTS.roomsMax), "2");
    await user.click(screen.getByRole("button", { name: PROJECT_TEXTS.createSubmit }));
    expect(await screen.findByText(PROJECT_MESSAGES.roomsMaxGteMin)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("requires both ends of an area range, and refuses rooms above 10", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(FORM_TEXTS.name), "مشروع");
    await user.selectOptions(screen.getByLabelText(FORM_TEXTS.areaType), "range");
    await user.type(screen.getByLabelText(FORM_TEXTS.areaSizeMax), "300");
    const rooms = screen.getByLabelText(FORM_TEXTS.rooms);
    await user.clear(rooms);
    await user.type(rooms, "11");
    await user.click(screen.getByRole("button", { name: PROJECT_TEXTS.createSubmit }));
    expect(await screen.findByText(PROJECT_MESSAGES.areaRange)).toBeInTheDocument();
    expect(screen.getByText(PROJECT_MESSAGES.roomsBetween)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits a valid range project with numbers parsed from the inputs", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText(FORM_TEXTS.name), "مشروع النطاق");
    await user.selectOptions(screen.getByLabelText(FORM_TEXTS.roomsType), "range");
    await user.type(screen.getByLabelText(FORM_TEXTS.roomsMin), "2");
    await user.type(screen.getByLabelText(FORM_TEXTS.roomsMax), "5");
    await user.selectOptions(screen.getByLabelText(FORM_TEXTS.areaType), "range");
    await user.type(screen.getByLabelText(FORM_TEXTS.areaSizeMin), "150.5");
    await user.type(screen.getByLabelText(FORM_TEXTS.areaSizeMax), "300");
    await user.click(screen.getByRole("button", { name: PROJECT_TEXTS.createSubmit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      name: "مشروع النطاق",
      roomsType: "range",
      roomsMin: 2,
      roomsMax: 5,
      areaType: "range",
      areaSizeMin: 150.5,
      areaSizeMax: 300,
      bathrooms: 1,
    });
  });
});

describe("ProjectForm: guarantees (SPEC §5.3)", { timeout: 30_000 }, () => {
  it("adds a trimmed custom guarantee with 1 year and refuses an empty or case-insensitive duplicate", async () => {
    const { onSubmit, user } = renderForm({ project: existing });
    const custom = screen.getByLabelText(FORM_TEXTS.customGuarantee);
    await user.click(screen.getByRole("button", { name: FORM_TEXTS.addCustom }));
    expect(screen.getByText(PROJECT_MESSAGES.guaranteeTypeRequired)).toBeInTheDocument();
    await user.type(custom, "  Elevators  ");
    await user.click(screen.getByRole("button", { name: FORM_TEXTS.addCustom }));
    expect(screen.getByLabelText(FORM_TEXTS.yearsOf("Elevators"))).toHaveValue(1);
    await user.type(custom, "elevators");
    await user.click(screen.getByRole("button", { name: FORM_TEXTS.addCustom }));
    expect(screen.getByText(PROJECT_MESSAGES.guaranteeDuplicate)).toBeInTheDocument();
    expect(screen.getAllByLabelText(/مدة ضمان/)).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText(FORM_TEXTS.addStandard), "plumbing");
    const plumbingYears = screen.getByLabelText(FORM_TEXTS.yearsOf("السباكة"));
    await user.clear(plumbingYears);
    await user.type(plumbingYears, "0");
    await user.click(screen.getByRole("button", { name: PROJECT_TEXTS.updateSubmit }));
    expect(await screen.findByText(PROJECT_MESSAGES.guaranteeYearsMin)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(plumbingYears);
    await user.type(plumbingYears, "5");
    await user.click(screen.getByRole("button", { name: PROJECT_TEXTS.updateSubmit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].guarantees).toEqual([
      { type: "structural", years: 20 },
      { type: "Elevators", years: 1 },
      { type: "plumbing", years: 5 },
    ]);
  });

  it("warns about missing compliance numbers and stops warning once they are given", async () => {
    const { user } = renderForm();
    const warning = screen.getByText(FORM_TEXTS.complianceWarning).parentElement;
    expect(warning).toHaveTextContent("رقم صك الملكية");
    expect(warning).toHaveTextContent("وافي");
    await user.type(screen.getByLabelText("رقم ترخيص الإعلان العقاري"), "7200");
    await user.type(screen.getByLabelText("رقم ترخيص وافي (البيع على الخارطة)"), "W-1");
    await user.type(screen.getByLabelText("رقم صك الملكية"), "4400");
    expect(screen.queryByText(FORM_TEXTS.complianceWarning)).not.toBeInTheDocument();
  });
});
