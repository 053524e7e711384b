/**
 * Errors from the app's APIs carry the server's message: `{detail}` (/v1), `{error}` (chat) or
 * `{message}` (sign-in, Better Auth: "Invalid email or password").
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let message = `Request failed (${response.status} ${response.statusText})`;
  try {
    const body = await response.json();
    const text = body?.detail ?? body?.error?.message ?? body?.error ?? body?.message;
    if (typeof text === "string" && text) message = text;
  } catch {
    // Not JSON: keep the status line.
  }
  return new ApiError(response.status, message);
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: init?.body ? { "Content-Type": "application/json", ...init.headers } : init?.headers,
  });
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}

/** SWR's fetcher: GET a JSON resource. */
export const jsonFetcher = <T>(url: string) => fetchJson<T>(url);

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") return error.message;
  return "Something went wrong";
}
