/** A file import's multipart body: the file in the `file` field, as every import call takes it. */
export function uploadForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}
