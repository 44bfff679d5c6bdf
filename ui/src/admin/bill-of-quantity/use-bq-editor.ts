// One project's BQ in the editor: read (GET /api/bill-of-quantity/<projectId>), kept as a mutable model
// (bq-model.ts) that every change edits at once, the change queued to the server (bq-sync.ts), and the
// live channel (server-sent events at .../live, read with fetch so the session token goes in a header)
// folding a second user's changes in without a reload.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import type { BqChangeReply, BqNode, BqStatus, BqTab, ProjectAction } from '@binaan/contracts';
import { apiUrl } from '../../shared/api/client.js';
import { getSession } from '../../shared/session/session-store.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { emptyModel, fromServerView, removeNode, updateNode, type BqModel } from './bq-model.js';
import { applyChange, applyOp, type BqChange, type BqOp } from './bq-ops.js';
import { BqSync } from './bq-sync.js';

export type BqView = {
  projectId: string;
  status: BqStatus | null;
  revision: number;
  amount: string;
  editable: boolean;
  /** Why this user may not change it now: the code a change would be refused with; null when editable. */
  readOnlyBecause: string | null;
  tabs: BqTab[];
  nodes: BqNode[];
  availableActions: ProjectAction[];
};

export type BqEditor = {
  model: BqModel;
  /** Bumped on every change to the model (re-render). */
  version: number;
  status: BqStatus | null;
  editable: boolean;
  readOnlyBecause: string | null;
  availableActions: ProjectAction[];
  /** Changes the server refused since the user last dismissed them (the status line says not saved while any). */
  refusals: readonly BqRefusal[];
  dismissRefusals: () => void;
  error: string | null;
  loading: boolean;
  /** Changes waiting for the server (0: everything saved). */
  queued: number;
  live: boolean;
  sync: BqSync | null;
  /** Applies a change on screen and queues it; false when it cannot apply here. */
  apply: (op: BqOp) => boolean;
  temporaryId: () => string;
  /** Reads the BQ again (after an approval action, or by hand). */
  refresh: () => Promise<void>;
};

/** A change the server refused: what it was and the error code it was refused with. */
export type BqRefusal = { op: BqOp; code: string };

const log = (message: string, detail?: unknown) => console.warn(message, detail ?? '');

/** Reads server-sent events from a fetch body: `event: change` blocks, their `data` parsed. */
async function readEvents(response: Response, onChange: (change: BqChange) => void): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (event === 'change' && data.length > 0) onChange(JSON.parse(data.join('\n')) as BqChange);
    }
  }
}

export function useBqEditor(projectId: string): BqEditor {
  const notify = useNotify();
  const modelRef = useRef<BqModel>(emptyModel());
  const [version, setVersion] = useState(0);
  const [meta, setMeta] = useState<Pick<BqView, 'status' | 'editable' | 'readOnlyBecause' | 'availableActions'>>({
    status: null,
    editable: false,
    readOnlyBecause: null,
    availableActions: [],
  });
  const [refusals, setRefusals] = useState<readonly BqRefusal[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sync, setSync] = useState<BqSync | null>(null);
  const [queued, setQueued] = useState(0);
  const [live, setLive] = useState(false);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  const path = `/api/bill-of-quantity/${encodeURIComponent(projectId)}`;

  useEffect(() => {
    let stopped = false;
    const abort = new AbortController();
    const show = (view: BqView, local: (id: string) => string) => {
      modelRef.current = fromServerView(view, local);
      setMeta({
        status: view.status,
        editable: view.editable,
        readOnlyBecause: view.readOnlyBecause,
        availableActions: view.availableActions,
      });
    };
    const start = async () => {
      let view: BqView;
      try {
        view = await adminJson<BqView>(path);
      } catch (e) {
        if (!stopped) setError(errorCodeOf(e));
        return;
      }
      if (stopped) return;
      const created: BqSync = new BqSync(
        {
          projectId,
          send: (to, body) => adminJson<BqChangeReply>(`/api/${to}`, { method: 'POST', body }),
          reload: async (pending) => {
            const fresh = await adminJson<BqView>(path);
            show(fresh, (id) => created.ids.local(id));
            const dropped = pending.filter((op) => !applyOp(modelRef.current, op));
            bump();
            return { revision: fresh.revision, dropped };
          },
          changesSince: (revision) => adminJson<{ changes: BqChange[]; more: boolean }>(`${path}/changes?since=${revision}`),
          applyForeign: (change) => {
            if (change.type === 'WorkflowStatusChanged') {
              // Status and the actions offered come with a read of the view (the machine decides them).
              void adminJson<BqView>(path).then(
                (fresh) =>
                  setMeta({
                    status: fresh.status,
                    editable: fresh.editable,
                    readOnlyBecause: fresh.readOnlyBecause,
                    availableActions: fresh.availableActions,
                  }),
                () => undefined,
              );
              return true;
            }
            const ok = applyChange(modelRef.current, change, (id) => created.ids.local(id));
            bump();
            return ok;
          },
          tabRequired: (op) => {
            for (const id of op.kind === 'add' ? [op.id] : op.ids) removeNode(modelRef.current, id);
            bump();
            notify('admin.bq.tabRequired', { type: 'warning' });
          },
          // Kept until the user dismisses them; the read that follows puts the rows back as the server has them.
          refused: (op, failure) => setRefusals((now) => [...now, { op, code: failure.code }]),
          log,
          onChange: () => setQueued(created.queued),
          confirmed: (op, reply, later) => {
            // A trade code set here: the server priced the item from its build-up; take its figures unless a
            // later change of ours to the row is still queued.
            if (op.kind !== 'update' || op.fields.buildUpCode === undefined) return;
            if (later.some((next) => 'id' in next && next.id === op.id)) return;
            const server = created.ids.server(op.id);
            const node = reply.nodes.find((n) => n.id === server);
            if (!node) return;
            updateNode(modelRef.current, op.id, {
              rate: node.rate,
              buildUpRate: node.buildUpRate,
              buildUpProfitAmount: node.buildUpProfitAmount,
            });
            bump();
          },
        },
        view.revision,
      );
      show(view, (id) => id);
      bump();
      setSync(created);
      // The live channel, reconnected after a drop from the last revision known.
      for (let attempt = 0; !stopped; attempt++) {
        try {
          const token = getSession()?.jwtToken;
          const response = await fetch(apiUrl(`${path}/live?since=${created.revision}`), {
            headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            cache: 'no-store',
            signal: abort.signal,
          });
          if (!response.ok || !response.body) throw new Error(`live ${response.status}`);
          attempt = 0;
          setLive(true);
          await readEvents(response, (change) => {
            created.receive([change]);
            setQueued(created.queued);
          });
        } catch (e) {
          if (stopped) return;
          log('bq live channel closed', e);
        }
        setLive(false);
        await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1000 * 2 ** attempt)));
      }
    };
    void start();
    return () => {
      stopped = true;
      abort.abort();
    };
  }, [path, projectId, bump, notify]);

  const apply = useCallback(
    (op: BqOp): boolean => {
      if (!sync) return false;
      if (!applyOp(modelRef.current, op)) return false;
      bump();
      sync.push(op);
      setQueued(sync.queued);
      return true;
    },
    [sync, bump],
  );

  const dismissRefusals = useCallback(() => setRefusals([]), []);
  const temporaryId = useCallback(() => sync?.ids.temporary() ?? String(-Date.now()), [sync]);
  const refresh = useCallback(async () => {
    if (sync) await sync.refresh();
  }, [sync]);

  return useMemo(
    () => ({
      model: modelRef.current,
      version,
      status: meta.status,
      editable: meta.editable,
      readOnlyBecause: meta.readOnlyBecause,
      availableActions: meta.availableActions,
      refusals,
      dismissRefusals,
      error,
      loading: sync === null && error === null,
      queued,
      live,
      sync,
      apply,
      temporaryId,
      refresh,
    }),
    [version, meta, refusals, dismissRefusals, error, sync, queued, live, apply, temporaryId, refresh],
  );
}
