// The user channel (signed-in-area.md §7): a websocket at USER_CHANNEL_PATH, opened with the read-only
// token as query `t`, served by a Nest gateway (@nestjs/websockets on @nestjs/platform-ws's WsAdapter, the
// same ws underneath). The handshake is refused (HTTP 401/403, before any socket exists) for a missing,
// forged or expired token, a full token in the query, or an ended session: ws's verifyClient, which runs
// before the upgrade. Each socket gets the user's new notifications and count changes from the live feed
// (whichever API process recorded them), and is closed (4001) when its session ends: at once on the
// SessionEnded event, and within SWEEP_MS when the session lapses by inactivity or the user is no longer
// active. Only UserChannelMessages (the one typed map, in contracts) are sent; nothing is read from clients.
import type { IncomingMessage } from 'node:http';
import { HttpException, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import type { WebSocket, WebSocketServer as WsServer } from 'ws';
import {
  ErrorCodes,
  USER_CHANNEL_PATH,
  UserChannelCloseCodes,
  type LiveNotificationBody,
  type UserChannelMessage,
} from '@binaan/contracts';
import type { StoredEvent } from '@binaan/event-store';
import { toErrorReply } from '../common/error-reply.filter.js';
import type { Principal } from '../common/principal.js';
import { SessionService } from '../identity/session.service.js';
import { LiveLog } from '../store/live-log.js';
import { NotificationFeed } from './notification-feed.js';
import type { NotificationCountClearedData, NotificationRaisedData } from './notification.events.js';
// The business network.
import type { ConversationMessagePostedData } from '../business-network/business-network.events.js';
import { Recipients } from './recipients.js';

/** How often open sockets' sessions are checked (the spec's revoked session closes within 5 s). */
export const SWEEP_MS = 2000;
const PING_MS = 30_000;

type Connection = { socket: WebSocket; userId: string; sessionId: string; alive: boolean };
/** The handshake's request, carrying the principal verifyClient admitted to the connection handler. */
type AdmittedRequest = IncomingMessage & { channelPrincipal?: Principal };
type VerifyDone = (verified: boolean, code?: number, message?: string, headers?: Record<string, string>) => void;

@WebSocketGateway({ path: USER_CHANNEL_PATH, maxPayload: 4096 })
export class UserChannel implements OnGatewayInit<WsServer>, OnGatewayConnection<WebSocket>, BeforeApplicationShutdown {
  private readonly logger = new Logger('UserChannel');
  @WebSocketServer() private readonly sockets!: WsServer;
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly sessions: SessionService,
    private readonly counts: NotificationFeed,
    liveLog: LiveLog,
    private readonly recipients: Recipients,
  ) {
    liveLog.listen((events) => this.deliver(events));
  }

  /**
   * The admission check is ws's verifyClient (asynchronous form), set here because it needs this
   * instance's session service: the decorator's options are static. ws reads it at every handshake.
   */
  afterInit(server: WsServer): void {
    server.options.verifyClient = ({ req }: { req: IncomingMessage }, done: VerifyDone) => {
      const token = new URL(req.url ?? '/', 'http://localhost').searchParams.get('t');
      this.admit(token, req).then(
        (principal) => {
          (req as AdmittedRequest).channelPrincipal = principal;
          done(true);
        },
        (error: unknown) => {
          const { status, body, headers } = toErrorReply(error);
          done(false, status, JSON.stringify(body), { 'Content-Type': 'application/json', ...(headers ?? {}) });
        },
      );
    };
    this.timers = [setInterval(() => void this.sweep(), SWEEP_MS), setInterval(() => this.ping(), PING_MS)];
    for (const timer of this.timers) timer.unref();
  }

  handleConnection(socket: WebSocket, request: AdmittedRequest): void {
    const principal = request.channelPrincipal;
    if (!principal) return socket.terminate();
    this.open(socket, principal);
  }

  /** Before the HTTP server closes (it would wait for every open socket): clients reconnect elsewhere (1001). */
  beforeApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
    for (const connections of this.byUser.values()) for (const c of connections) c.socket.close(1001, 'server going away');
    setTimeout(() => {
      for (const client of this.sockets.clients) client.terminate();
    }, 1000).unref();
  }

  /** Sockets open on this process (the benchmark and tests read it). */
  connectionCount(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }

  private async admit(token: string | null, request: IncomingMessage): Promise<Principal> {
    if (!token)
      throw new HttpException(
        { errorCode: ErrorCodes.unauthorized, errorMessage: 'The user channel needs the read-only token as t.' },
        401,
      );
    const principal = await this.sessions.authenticate({
      method: 'GET',
      headers: {},
      query: { t: token },
      ...(request.socket.remoteAddress ? { ip: request.socket.remoteAddress } : {}),
    });
    if (!principal || !principal.readOnly)
      throw new HttpException({ errorCode: ErrorCodes.unauthorized, errorMessage: 'Sign in first.' }, 401);
    if (principal.restriction)
      throw new HttpException(
        {
          errorCode:
            principal.restriction === 'eula'
              ? ErrorCodes.showEula
              : principal.restriction === 'companyTerms'
                ? ErrorCodes.companyTermsNotAccepted
                : ErrorCodes.passwordChangeRequired,
          errorMessage: 'Finish signing in first.',
        },
        403,
      );
    return principal;
  }

  private open(socket: WebSocket, principal: Principal): void {
    const connection: Connection = { socket, userId: principal.userId, sessionId: principal.sessionId, alive: true };
    add(this.byUser, connection.userId, connection);
    add(this.bySession, connection.sessionId, connection);
    socket.on('pong', () => (connection.alive = true));
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      remove(this.byUser, connection.userId, connection);
      remove(this.bySession, connection.sessionId, connection);
    });
  }

  /** One page of the log: pushes to the users connected here, closes the sockets of ended sessions. */
  private async deliver(events: readonly StoredEvent[]): Promise<void> {
    const raised: NotificationRaisedData[] = [];
    const cleared = new Set<string>();
    const messages: ConversationMessagePostedData[] = [];
    for (const event of events) {
      if (event.type === 'ConversationMessagePosted') {
        messages.push(event.data as unknown as ConversationMessagePostedData);
      } else if (event.type === 'NotificationRaised') {
        const data = event.data as unknown as NotificationRaisedData;
        if (this.byUser.has(data.userId)) raised.push(data);
      } else if (event.type === 'NotificationCountCleared') {
        const data = event.data as unknown as NotificationCountClearedData;
        if (this.byUser.has(data.userId)) cleared.add(data.userId);
      } else if (event.type === 'SessionEnded') {
        this.closeSession((event.data as { sessionId: string }).sessionId);
      }
    }
    if (messages.length > 0 && this.byUser.size > 0) await this.deliverMessages(messages);
    if (raised.length === 0 && cleared.size === 0) return;
    const counts = await this.counts.unreadCounts([...new Set([...raised.map((n) => n.userId), ...cleared])]);
    const named = await this.counts.withNames(raised.map((n) => JSON.stringify(n.eventData)));
    raised.forEach((n, index) =>
      this.send(n.userId, {
        module: n.module,
        messageType: n.src,
        messageBody: body({ ...n, eventData: JSON.parse(named[index]!) as NotificationRaisedData['eventData'] }),
        newCount: counts.get(n.userId) ?? 0,
      }),
    );
    for (const userId of cleared)
      this.send(userId, { module: 'notification', messageType: 'countCleared', messageBody: {}, newCount: counts.get(userId) ?? 0 });
  }

  /**
   * Business-network messages: to the members of both companies connected here who hold a business-network
   * right (the author's other tabs and colleagues too), ids only; the conversation page reads the message.
   */
  private async deliverMessages(messages: readonly ConversationMessagePostedData[]): Promise<void> {
    for (const message of messages) {
      for (const companyId of [message.companyId, message.otherCompanyId]) {
        for (const member of await this.recipients.members(companyId)) {
          if (!this.byUser.has(member.userId)) continue;
          if (!(await this.recipients.holdsAny(member.userId, companyId, ['businessNetwork.view', 'businessNetwork.update']))) continue;
          this.send(member.userId, {
            module: 'businessNetwork',
            messageType: 'conversationMessage',
            messageBody: { conversation_id: message.conversationId, message_id: message.messageId, company_id: message.companyId },
            newCount: (await this.counts.unreadCounts([member.userId])).get(member.userId) ?? 0,
          });
        }
      }
    }
  }

  private send(userId: string, message: UserChannelMessage): void {
    const text = JSON.stringify(message);
    for (const connection of this.byUser.get(userId) ?? [])
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
  }

  private closeSession(sessionId: string): void {
    for (const connection of [...(this.bySession.get(sessionId) ?? [])])
      connection.socket.close(UserChannelCloseCodes.sessionEnded, 'session ended');
  }

  /** Sessions that lapsed without an event (inactivity), or whose user was stopped, lose their sockets too. */
  private async sweep(): Promise<void> {
    const sessionIds = [...this.bySession.keys()];
    if (sessionIds.length === 0) return;
    try {
      const open = await this.sessions.stillOpen(sessionIds);
      for (const sessionId of sessionIds) if (!open.has(sessionId)) this.closeSession(sessionId);
    } catch (error) {
      this.logger.error(`session sweep: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private ping(): void {
    for (const connections of this.byUser.values()) {
      for (const connection of connections) {
        if (!connection.alive) connection.socket.terminate();
        else {
          connection.alive = false;
          connection.socket.ping();
        }
      }
    }
  }
}

function body(n: NotificationRaisedData): LiveNotificationBody {
  const d = n.eventData;
  return {
    id: n.notificationId,
    src_id: n.srcId,
    project_id: d.project_id,
    document_no: d.document_no,
    created_by: d.created_by,
    created_by_seller: d.created_by_seller,
    vendor_document_no: d.vendor_document_no,
    doc_description: d.doc_description,
    tender_no: d.tender_no,
    tender_id: d.tender_id,
    tender_invitation_id: d.tender_invitation_id,
    vendor_name: d.vendor_name,
  };
}

function add<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  const set = map.get(key) ?? new Set<Connection>();
  set.add(connection);
  map.set(key, set);
}

function remove<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
}
