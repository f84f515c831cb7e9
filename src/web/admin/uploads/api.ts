/**
 * File uploads with progress (SPEC §7.2 POST /api/upload/{kind}, §5.3 images). fetch cannot report upload
 * progress, so this uses XMLHttpRequest with the same session as apiClient: the in-memory bearer token, cookies
 * included, and one silent refresh (apiClient.refresh) and retry on 401.
 */

import { ApiError, apiClient } from "~/shared/lib/api-client.ts";
import { sessionStore } from "~/shared/session/auth-store.ts";

export type UploadKind = "image" | "pdf" | "video";

export interface UploadResponse {
  url: string;
  isDuplicate: boolean;
  /** Present when isDuplicate: "an existing copy was used". */
  message?: string;
}

/** Progress callback: fraction 0–1 of the bytes sent. */
export type UploadProgress = (fraction: number) => void;

/** A multipart POST's answer, read as text (the caller decides how to parse it). */
export interface MultipartAnswer {
  status: number;
  statusText: string;
  text: string;
}

function sendOnce(path: string, body: FormData, onProgress?: UploadProgress, signal?: AbortSignal) {
  return new Promise<MultipartAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    const token = sessionStore.getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError("Network error"));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * POSTs a multipart form to `path` with upload progress (fraction 0–1), with apiClient's session: the in-memory
 * bearer token, cookies, and on 401 one silent refresh and one retry (progress restarts at 0). `buildForm` is called
 * for each attempt. Output: the answer as text, whatever its status. Errors: TypeError on network failure,
 * AbortError when `signal` aborts.
 */
export async function postMultipart(
  path: string,
  buildForm: () => FormData,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<MultipartAnswer> {
  const answer = await sendOnce(path, buildForm(), onProgress, signal);
  if (answer.status !== 401 || (await apiClient.refresh()) !== "refreshed") return answer;
  onProgress?.(0);
  return sendOnce(path, buildForm(), onProgress, signal);
}

/**
 * Uploads one file as `kind` (multipart field named after the kind). Output: {url, isDuplicate, message?}.
 * Errors: ApiError with the server's Arabic message (400 wrong type, 413 too large, 401, 403); TypeError on
 * network failure.
 */
export async function uploadFile(
  kind: UploadKind,
  file: File,
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  const path = `/api/upload/${kind}`;
  const result = await postMultipart(
    path,
    () => {
      const body = new FormData();
      body.append(kind, file, file.name);
      return body;
    },
    onProgress,
    signal,
  );
  if (result.status < 200 || result.status >= 300) {
    throw new ApiError(path, result.status, result.statusText, result.text);
  }
  try {
    return JSON.parse(result.text) as UploadResponse;
  } catch {
    throw new Error(`Invalid JSON response from ${path}`);
  }
}

/**
 * Uploads images one after another (SPEC §5.3: when one fails, the rest are skipped). `onProgress` gets the
 * overall fraction. Output: the uploaded URLs in order. Errors: UploadBatchError naming the failed file.
 */
export async function uploadImages(
  files: readonly File[],
  onProgress?: UploadProgress,
  signal?: AbortSignal,
): Promise<UploadResponse[]> {
  const results: UploadResponse[] = [];
  for (const [index, file] of files.entries()) {
    try {
      results.push(await uploadFile("image", file, (f) => onProgress?.((index + f) / files.length), signal));
    } catch (error) {
      throw new UploadBatchError(file.name, error, results, files.length - index - 1);
    }
  }
  onProgress?.(1);
  return results;
}

/** One file of a batch failed: `fileName`, the cause, the files uploaded before it and how many were skipped. */
export class UploadBatchError extends Error {
  constructor(
    readonly fileName: string,
    override readonly cause: unknown,
    readonly uploaded: UploadResponse[],
    readonly skipped: number,
  ) {
    super(`Upload of ${fileName} failed`);
    this.name = "UploadBatchError";
  }
}
