/**
 * multipart/form-data request bodies for `app.inject` (RFC 7578), as a browser's form sends files to the upload and
 * import routes (docs/product.md): `{ payload, headers }` to spread into the request.
 */
export interface FilePart {
  /** The form field's name. */
  field: string;
  /** The file name the browser sends. */
  name: string;
  /** The Content-Type of the part. */
  type: string;
  data: Buffer;
}

/** A body with `files` in order, each as one part, under a random boundary. */
export function multipartFiles(files: FilePart[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A body with one file `name` of `type` in `field`. */
export function multipartFile(field: string, name: string, type: string, data: Buffer) {
  return multipartFiles([{ field, name, type, data }]);
}
