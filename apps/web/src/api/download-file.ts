import { api } from './api';

/**
 * GETs a file of the API (a CSV report, a PDF) through the client (token, renewal, error toast) and
 * saves it as `filename`.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  let blob: Blob;
  try {
    blob = await api.request<Blob>(path, { responseType: 'blob' });
  } catch {
    return; // the client has shown the error
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
