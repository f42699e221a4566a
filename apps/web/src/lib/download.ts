import { ApiError } from './api-client.ts';
import { readSession } from './session.ts';

/** The exact UTF-8 name (`filename*`) when the server sent one, else the plain `filename`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header)?.[1];
  return plain ?? fallback;
}

/**
 * Downloads `GET /api<path>` (or a `POST` of `post.body` as JSON) as a file. Files need the token
 * header, so they are fetched and handed to the browser as a blob; a refusal throws the API's error
 * code like any other call.
 */
export async function downloadFile(path: string, fallbackName: string, post?: { body: unknown }): Promise<void> {
  const session = readSession();
  const headers: Record<string, string> = session ? { accesstoken: session.token } : {};
  let response: Response;
  try {
    response = await fetch(
      `/api${path}`,
      post ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(post.body) } : { headers },
    );
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: ApiError['code']; message?: string; details?: ApiError['details'] } | null;
    throw new ApiError(response.status, body?.code ?? 'INTERNAL', body?.message ?? response.statusText, body?.details ?? []);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
