/**
 * The bulk-upload page's body (SPEC §2.14, §5.6, §8.5): the target project, template downloads (.xlsx with
 * drop-downs, .csv), the file picker with the type and size checks of §5.6 (.xlsx/.xls/.csv, ≤ 10 MB; the server
 * checks the content and the 5000-row limit), an upload progress bar, then the result (ImportResult).
 */

import { FileSpreadsheetIcon, UploadIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { SPREADSHEET_MAX_BYTES } from "#domain/constants.ts";
import { formatPercent } from "#domain/format.ts";
import type { UnitImportResult } from "#domain/unit-import.ts";
import { FilePicker } from "~/admin/common/file-picker.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { Progress } from "~/shared/ui/progress.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { downloadUnitsTemplate, UploadError, useUploadUnits } from "./api.ts";
import { ImportResult } from "./import-result.tsx";
import { UNIT_TEXTS } from "./unit-texts.ts";

const ACCEPT = ".xlsx,.xls,.csv";

/** The SPEC §5.6 client checks: extension and size; null when the file may be sent. */
export function checkSpreadsheetFile(file: { name: string; size: number }): string | null {
  if (!/\.(xlsx|xls|csv)$/i.test(file.name)) return UNIT_TEXTS.invalidFileType;
  if (file.size > SPREADSHEET_MAX_BYTES) return UNIT_TEXTS.fileTooLarge;
  return null;
}

export interface UnitsUploadPanelProps {
  /** The target project, or null for the global upload (rows name their project). */
  projectId: number | null;
  projectName: string | null;
}

export function UnitsUploadPanel({ projectId, projectName }: UnitsUploadPanelProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<UnitImportResult | null>(null);
  const [downloading, setDownloading] = useState<"xlsx" | "csv" | null>(null);
  const upload = useUploadUnits(setProgress);

  const onFile = (chosen: File | null) => {
    setResult(null);
    setProgress(0);
    setFile(chosen);
    setFileError(chosen ? checkSpreadsheetFile(chosen) : null);
  };

  const send = () => {
    if (!file || fileError) return;
    setResult(null);
    setProgress(0);
    upload.mutate(
      { projectId, file },
      {
        onSuccess: (answer) => setResult(answer),
        onError: (error) =>
          toast({
            title: UNIT_TEXTS.uploadError,
            description: error instanceof UploadError ? error.message : apiErrorMessage(error, UNIT_TEXTS.uploadFailed),
            variant: "destructive",
          }),
      },
    );
  };

  const download = async (kind: "xlsx" | "csv") => {
    setDownloading(kind);
    try {
      await downloadUnitsTemplate(kind);
    } catch (error) {
      toast({
        title: UNIT_TEXTS.templateError,
        description: apiErrorMessage(error, UNIT_TEXTS.genericError),
        variant: "destructive",
      });
    } finally {
      setDownloading(null);
    }
  };

  const uploading = upload.isPending;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <div className="flex flex-col gap-1">
            <CardTitle>{UNIT_TEXTS.templateTitle}</CardTitle>
            <CardDescription>{UNIT_TEXTS.templateHint}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="flex-row flex-wrap">
          <Button variant="outline" onClick={() => void download("xlsx")} disabled={downloading !== null}>
            <FileSpreadsheetIcon aria-hidden="true" />
            {UNIT_TEXTS.templateXlsx}
          </Button>
          <Button variant="outline" onClick={() => void download("csv")} disabled={downloading !== null}>
            <FileSpreadsheetIcon aria-hidden="true" />
            {UNIT_TEXTS.templateCsv}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <div className="flex flex-col gap-1">
            <CardTitle>{UNIT_TEXTS.uploadTitle}</CardTitle>
            <CardDescription>{UNIT_TEXTS.uploadIntro}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-ink">
            <span className="font-bold">{UNIT_TEXTS.targetProject}: </span>
            {projectName ?? UNIT_TEXTS.allProjects}
          </p>
          {projectId === null ? <p className="text-sm text-muted">{UNIT_TEXTS.uploadGlobalHint}</p> : null}
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-file`}>{UNIT_TEXTS.chooseFile}</Label>
            <FilePicker
              ref={inputRef}
              id={`${id}-file`}
              accept={ACCEPT}
              fileName={file?.name ?? null}
              icon={<FileSpreadsheetIcon aria-hidden="true" />}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${id}-hint${fileError ? ` ${id}-file-error` : ""}`}
              onChange={(event) => onFile(event.target.files?.[0] ?? null)}
              disabled={uploading}
            />
            <p id={`${id}-hint`} className="text-sm text-muted">
              {UNIT_TEXTS.uploadHint}
            </p>
            {fileError ? (
              <p id={`${id}-file-error`} role="alert" className="text-sm text-danger">
                {fileError}
              </p>
            ) : null}
          </div>
          <Button className="w-fit" onClick={send} disabled={!file || fileError !== null || uploading}>
            <UploadIcon aria-hidden="true" />
            {uploading ? UNIT_TEXTS.uploading : UNIT_TEXTS.upload}
          </Button>
          {uploading || (progress > 0 && !result) ? (
            <div className="flex flex-col gap-1">
              <div className="flex items-center gap-3">
                <Progress value={progress} aria-label={UNIT_TEXTS.uploadProgress} className="flex-1" />
                <span className="w-12 shrink-0 text-end text-sm text-muted">{formatPercent(progress)}</span>
              </div>
              {uploading && progress >= 100 ? <p className="text-sm text-muted">{UNIT_TEXTS.processing}</p> : null}
            </div>
          ) : null}
        </CardContent>
      </Card>

      {result ? (
        <Card>
          <ImportResult result={result} />
        </Card>
      ) : null}
    </div>
  );
}
