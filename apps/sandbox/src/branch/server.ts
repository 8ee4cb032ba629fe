// A Branch deep-link simulator: `POST /v1/url` makes a link as Branch's API does (a Branch key, the
// link's data; answers `{url}`), and opening the link shows where the gym's app would open, with the
// data it carries. Links live in memory; a key must look like Branch's (`key_live_…` or `key_test_…`).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FaultInjector } from '../shared/faults';
import { escapeHtml, renderPage } from '../shared/html';
import { createServiceApp, ProviderHttpError } from '../shared/http';

export interface BranchLink {
  id: string;
  branchKey: string;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface BranchControls {
  reset(): void;
  links(): BranchLink[];
}

export interface BranchSimulator {
  app: FastifyInstance;
  controls: BranchControls;
  faults: FaultInjector;
  setPublicUrl(url: string): void;
}

const KEY = /^key_(live|test)_[A-Za-z0-9]{4,}$/;
const errorBody = (status: number, message: string) => ({ error: { code: status, message } });

export function createBranchSimulator(now: () => Date): BranchSimulator {
  const faults = new FaultInjector();
  const app = createServiceApp({ faults, errorBody });
  const links = new Map<string, BranchLink>();
  let publicUrl = '';

  app.post('/v1/url', async (request) => {
    const body = (request.body ?? {}) as { branch_key?: unknown; data?: unknown };
    if (typeof body.branch_key !== 'string' || !KEY.test(body.branch_key)) {
      throw new ProviderHttpError(400, errorBody(400, 'Invalid or missing app id, Branch key, or secret'));
    }
    const data =
      typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {};
    const id = randomBytes(8).toString('base64url');
    links.set(id, { id, branchKey: body.branch_key, data, createdAt: now().toISOString() });
    return { url: `${publicUrl}/a/${id}` };
  });

  app.get<{ Params: { id: string } }>('/a/:id', async (request, reply) => {
    const link = links.get(request.params.id);
    reply.type('text/html; charset=utf-8');
    if (!link)
      return reply.status(404).send(renderPage('Link not found', '<h1>This link does not exist</h1>'));
    const title = typeof link.data.$og_title === 'string' ? link.data.$og_title : 'The gym app';
    const rows = Object.entries(link.data)
      .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(String(v))}</td></tr>`)
      .join('');
    return renderPage(
      title,
      `<h1>${escapeHtml(title)}</h1><p>On a phone with the app installed, this link opens it; otherwise the app store.</p>
<table>${rows}</table>`,
    );
  });

  return {
    app,
    faults,
    setPublicUrl: (url) => {
      publicUrl = url;
    },
    controls: {
      reset: () => links.clear(),
      links: () => [...links.values()],
    },
  };
}
