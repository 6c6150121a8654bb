import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { DEFAULT_TASK_VOICE, type Task } from '@subtrans/contract';
import { FALLBACK_SITE_CONFIG, SiteConfigContext } from './site-config';

// antd's forms and lists take a while to render on a busy machine
configure({ asyncUtilTimeout: 10_000 });

export interface Call {
  path: string;
  /** the JSON body, or a multipart body's fields (a file as its name) */
  body: Record<string, unknown>;
}

type Handler = (body: Record<string, unknown>) => unknown;

/**
 * The server as the browser sees it (the component tests' network boundary): each address answers
 * its handler's data in the envelope, or throws `{code, msg, data?}` for a refusal; a handler that
 * answers a Response (a file download) has it sent as it is. Every call is kept.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      const raw = init?.body;
      const body: Record<string, unknown> =
        raw instanceof FormData
          ? formFields(raw)
          : typeof raw === 'string'
            ? (JSON.parse(raw) as Record<string, unknown>)
            : {};
      calls.push({ path, body });
      const handler = routes[path];
      if (!handler) return Response.json({ code: 40400, msg: `no ${path}`, data: null }, { status: 404 });
      try {
        const data = await handler(body);
        if (data instanceof Response) return data;
        return Response.json({ code: 20000, msg: 'success', data });
      } catch (e) {
        const { code, msg, data = null } = e as { code: number; msg: string; data?: unknown };
        return Response.json({ code, msg, data }, { status: 400 });
      }
    }),
  );
  return { calls, to: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body) };
}

/** A multipart body's fields, a file as its name; a field sent more than once (files) as a list. */
function formFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).map((v) => (typeof v === 'string' ? v : v.name));
    fields[key] = values.length > 1 ? values : values[0];
  }
  return fields;
}

/** A refusal for a fakeServer handler to throw: the envelope's code, message and data. */
export const refusal = (code: number, msg: string, data: unknown = null) =>
  Object.assign(new Error(msg), { code, msg, data });

/** The address the app is at, as text (`where`): where a link or a redirect led. */
export function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/** `ui` at `/`; any other address shows itself (Where), to check where a click led. */
export function atRootElseWhere(ui: ReactNode) {
  return (
    <Routes>
      <Route path="/" element={ui} />
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

export function renderWithApp(i18n: I18n, ui: ReactNode, url = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <SiteConfigContext.Provider value={FALLBACK_SITE_CONFIG}>
          <MemoryRouter initialEntries={[url]}>
            <App>{ui}</App>
          </MemoryRouter>
        </SiteConfigContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Opens an antd Select (by its test id) and picks the option with this text. */
export async function choose(testId: string, option: string) {
  await chooseIn(screen.getByTestId(testId), option);
}

/** Opens an antd Select (the element, or one inside it such as its combobox) and picks an option. */
export async function chooseIn(element: HTMLElement, option: string) {
  const trigger = element.closest('.ant-select') ?? element;
  fireEvent.mouseDown(trigger.querySelector('.ant-select-selector') ?? trigger);
  // this select's own list, not another select's that is still closing
  const listId = listIdOf(trigger);
  const dropdown = await waitFor(() => {
    const open = listId
      ? document.getElementById(listId)?.closest<HTMLElement>('.ant-select-dropdown')
      : [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].find(
          (d) => !d.className.includes('hidden'),
        );
    if (!open) throw new Error('the list did not open');
    return open;
  });
  fireEvent.click(await within(dropdown).findByTitle(option));
}

/** The id of an antd Select's list: its combobox's, with `_list` (rc-select's naming). */
function listIdOf(select: Element): string | null {
  const combobox = select.querySelector('[role=combobox]');
  return combobox?.getAttribute('aria-controls') ?? (combobox?.id ? `${combobox.id}_list` : null);
}

/** The options the list of an antd Select (by its test id), once opened, offers. */
export function offeredBy(testId: string): string[] {
  const trigger = screen.getByTestId(testId).closest('.ant-select') ?? screen.getByTestId(testId);
  const listId = listIdOf(trigger);
  const dropdown = listId ? document.getElementById(listId)?.closest('.ant-select-dropdown') : null;
  return [...(dropdown?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].map((o) => o.title);
}

/** Hands a file to an antd Upload (its hidden input, under the element with this test id). */
export function dropFile(testId: string, file: File) {
  dropFiles(testId, [file]);
}

/** Hands files picked at once to an antd Upload (its hidden input, under the element with this test id). */
export function dropFiles(testId: string, files: File[]) {
  const root = screen.getByTestId(testId);
  const input = (root.closest('.ant-upload-wrapper') ?? root).querySelector<HTMLInputElement>(
    'input[type=file]',
  )!;
  fireEvent.change(input, { target: { files } });
}

/** A finished SRT task as the server answers it, with `over` laid on top (component tests). */
export const taskFixture = (over: Partial<Task> & Pick<Task, 'id'>): Task => ({
  fileName: `${over.id}.srt`,
  originalLanguage: 'en',
  detectedLanguage: null,
  targetLanguage: 'fr',
  translationService: 'deepseek',
  includeOriginalText: false,
  status: 'completed',
  translationProgress: 100,
  segmentCount: 10,
  duration: 60_000,
  estimatedPoints: 10,
  costRule: 'minimum',
  keptOriginal: 0,
  pointsError: null,
  uploadError: null,
  error: null,
  submitTime: '2025-01-01T10:00:00.000Z',
  translationStartTime: null,
  translationEndTime: null,
  translationDuration: null,
  version: 1,
  kind: 'srt',
  sourceFormat: 'srt',
  batchId: null,
  mediaType: null,
  mediaSize: null,
  detectStatus: null,
  executeStatus: null,
  errorKey: null,
  mediaExpiresAt: null,
  keepEngineBreaks: false,
  reviewCount: 0,
  voice: DEFAULT_TASK_VOICE,
  partial: null,
  partEnd: null,
  openComments: 0,
  approvedAt: null,
  ...over,
});
