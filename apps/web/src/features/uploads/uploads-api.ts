import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorCode, UploadHistoryItem, UploadReport } from '@agency/shared';
import { api, ApiError } from '../../lib/api-client.ts';
import { readSession } from '../../lib/session.ts';
import type { AnswerFields } from './upload-answers.ts';

/** The fields of `POST /api/admin/uploads` (uploadFieldsSchema), with the answers of the last check. */
interface UploadRequest extends AnswerFields {
  file: File;
  asOf: string;
  dryRun: boolean;
  createUnknown: boolean;
}

/** A refused file still comes with its report (row errors, warnings): kept beside the error code. */
export class UploadRefusedError extends ApiError {
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    readonly report: UploadReport | null,
  ) {
    super(status, code, message);
  }
}

/**
 * `POST /api/admin/uploads` as multipart. Sent with fetch directly (not `api.post`) because a
 * refused file answers 4xx WITH the report in `data`, which the shared client drops.
 */
async function postUpload(request: UploadRequest): Promise<{ report: UploadReport; committed: boolean }> {
  const form = new FormData();
  form.append('asOf', request.asOf);
  form.append('dryRun', String(request.dryRun));
  form.append('createUnknown', String(request.createUnknown));
  form.append('missing', request.missing);
  form.append('acceptWindow', String(request.acceptWindow));
  if (request.period) form.append('period', request.period);
  if (request.mapping) form.append('mapping', JSON.stringify(request.mapping));
  form.append('file', request.file);
  const session = readSession();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers.accesstoken = session.token;
  let response: Response;
  try {
    response = await fetch('/api/admin/uploads', { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Network error');
  }
  const json = (await response.json().catch(() => null)) as
    | { error: false; data: UploadReport }
    | { error: true; code: ErrorCode; message: string; data?: UploadReport }
    | null;
  if (!json) throw new ApiError(response.status, 'INTERNAL', response.statusText);
  if (json.error) throw new UploadRefusedError(response.status, json.code, json.message, json.data ?? null);
  return { report: json.data, committed: !request.dryRun };
}

const historyKey = ['admin', 'uploads'] as const;

export function useUploadHistory(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...historyKey, page, pageSize],
    queryFn: async () =>
      (await api.get<{ items: UploadHistoryItem[]; total: number; page: number; pageSize: number }>(`/admin/uploads?page=${page}&pageSize=${pageSize}`)).data,
    placeholderData: keepPreviousData,
  });
}

export function useUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postUpload,
    onSuccess: (result) => {
      if (result.committed) void client.invalidateQueries();
    },
  });
}

const SAMPLE_URL = '/api/admin/uploads/sample.xlsx';

/** The sample needs the token header, so it is fetched and saved rather than linked. */
export async function downloadSample(): Promise<void> {
  const session = readSession();
  const response = await fetch(SAMPLE_URL, { headers: session ? { accesstoken: session.token } : {} });
  if (!response.ok) throw new ApiError(response.status, 'INTERNAL', response.statusText);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'creator-data-sample.xlsx';
  link.click();
  URL.revokeObjectURL(url);
}
