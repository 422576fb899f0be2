import { DEAL_ROOM_LIMITS, isParticipant, participantsOf, type DealMessage, type DealRoom } from '../../core/deal-rooms/deal-room.ts';
import { authorize } from '../../core/shared/access/authorization.ts';
import { credentialRefOf, describeActor, type Principal } from '../../core/shared/access/principal.ts';
import { DomainError, notFound, validationFailed } from '../../core/shared/domain-error.ts';
import type { RecordAccess } from '../authorization/record-access.use-case.ts';
import type { FeatureFlags } from '../flags/feature-flags.use-case.ts';
import type { UserRepository } from '../identity/user.repository.ts';
import type { Page, PageRequest } from '../shared/persistence/page.ts';
import type { Clock } from '../shared/clock.port.ts';
import type { IdGenerator } from '../shared/id-generator.port.ts';
import type { SubmissionRepository } from '../underwriting/underwriting.repositories.ts';
import type {
  CredentialCheck,
  DealMessageFeed,
  DealMessageRepository,
  DealRoomRepository,
  MessageBudget,
  RoomTicket,
  RoomTickets,
  SpentTickets,
} from './deal-room.ports.ts';

export interface DealRoomsDeps {
  readonly rooms: DealRoomRepository;
  readonly messages: DealMessageRepository;
  readonly feed: DealMessageFeed;
  readonly tickets: RoomTickets;
  readonly spentTickets: SpentTickets;
  readonly credentials: CredentialCheck;
  readonly budget: MessageBudget;
  readonly submissions: SubmissionRepository;
  readonly users: UserRepository;
  readonly records: RecordAccess;
  readonly flags: FeatureFlags;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/** Where a connection stands: still admitted, its credential gone (4401), or no longer allowed in the room (4403). */
export type Standing = { readonly outcome: 'admitted' } | { readonly outcome: 'unauthenticated' | 'forbidden'; readonly reason: string };

const ADMITTED: Standing = { outcome: 'admitted' };

/** Who writes in a room: a user by id; an integration or the platform as the audit log names it. */
const authorOf = (actor: Principal): string => (actor.kind === 'user' ? actor.userId : describeActor(actor));

/**
 * Deal rooms: a conversation about one submission among the people placing it. Participants read
 * and write; staff of the organization see that a room exists; the organization's integrations
 * and the platform take part in every room.
 */
export class DealRooms {
  private readonly deps: DealRoomsDeps;

  constructor(deps: DealRoomsDeps) {
    this.deps = deps;
  }

  async create(actor: Principal, orgId: string, input: { submissionId: string; name?: string; participantIds?: readonly string[] }): Promise<DealRoom> {
    const submission = await this.deps.submissions.findById(orgId, input.submissionId);
    if (!submission) throw notFound('Submission');
    await this.deps.records.assert(actor, orgId, 'submission', submission.id, 'viewer');
    const now = this.deps.clock.now(orgId);
    const creator = actor.kind === 'user' ? actor.userId : null;
    const participants = participantsOf(creator, input.participantIds ?? [], now);
    // The creator is who the credential says; the others named must be users of the organization.
    const named = participants.filter((participant) => participant.userId !== creator);
    const known = await Promise.all(named.map((participant) => this.deps.users.findById(orgId, participant.userId)));
    const unknown = named.findIndex((_, index) => !known[index]);
    if (unknown >= 0) throw validationFailed('participantIds', 'unknown_user', `No user ${named[unknown]?.userId} in the organization.`);
    const room: DealRoom = {
      id: this.deps.ids.next('drm'),
      orgId,
      submissionId: submission.id,
      name: input.name ?? `Placing ${submission.insuredName ?? submission.id}`,
      participants,
      status: 'open',
      createdBy: authorOf(actor),
      createdAt: now,
    };
    await this.deps.rooms.insert(room);
    return room;
  }

  async list(actor: Principal, orgId: string, filter: { submissionId?: string }, request: PageRequest): Promise<Page<DealRoom>> {
    const mine = (await this.deps.records.reachesAll(actor, orgId, 'submission')) || actor.kind !== 'user' ? {} : { participantId: actor.userId };
    return this.deps.rooms.page(orgId, { ...filter, ...mine }, request);
  }

  /** The room, for staff and its participants; 404 for anyone else, as for a room that does not exist. */
  async get(actor: Principal, orgId: string, id: string): Promise<DealRoom> {
    const room = await this.deps.rooms.findById(orgId, id);
    if (!room || !(this.takesPart(actor, room) || (await this.deps.records.reachesAll(actor, orgId, 'submission')))) throw notFound('Deal room');
    return room;
  }

  async messages(actor: Principal, orgId: string, id: string, request: PageRequest): Promise<Page<DealMessage>> {
    await this.participantRoom(actor, orgId, id);
    return this.deps.messages.page(orgId, id, request);
  }

  async post(actor: Principal, orgId: string, id: string, body: string): Promise<DealMessage> {
    await this.participantRoom(actor, orgId, id);
    return this.store(orgId, id, authorOf(actor), body);
  }

  /** A signed WebSocket ticket for a participant, valid five minutes, for one connection. */
  async ticket(actor: Principal, orgId: string, id: string): Promise<{ token: string; expiresAt: Date }> {
    await this.participantRoom(actor, orgId, id);
    const credential = credentialRefOf(actor);
    if (!credential) throw new DomainError('forbidden', 'Only the participants of a deal room read and write its messages.');
    const expiresAt = new Date(this.deps.clock.now().getTime() + DEAL_ROOM_LIMITS.ticketSeconds * 1000);
    const ticket: RoomTicket = { id: this.deps.ids.next('wst'), orgId, roomId: id, authorId: authorOf(actor), credential, expiresAt };
    return { token: this.deps.tickets.issue(ticket), expiresAt };
  }

  /**
   * Whether a WebSocket upgrade presenting this token may open: the ticket intact, unexpired, for
   * this room and not used before, and its credential still standing in the room. Admitting spends it.
   */
  async admit(roomId: string, token: string): Promise<{ readonly ticket: RoomTicket; readonly standing: Standing } | null> {
    const ticket = this.deps.tickets.verify(token, this.deps.clock.now());
    if (!ticket || ticket.roomId !== roomId) return null;
    const standing = await this.standing(ticket);
    if (standing.outcome !== 'admitted') return { ticket, standing };
    // Spent last: a refusal above (the feature off for a moment) leaves the address usable.
    if (!(await this.deps.spentTickets.spend(ticket.id, ticket.expiresAt))) return null;
    return { ticket, standing };
  }

  /**
   * Whether an open connection may go on, asked when it opens, every minute and whenever access in
   * its organization changes: the credential still holds (session not signed out, user not
   * removed, key not revoked), its role still takes part in deal rooms, it is still a participant,
   * and the organization still has deal rooms switched on.
   */
  async standing(ticket: RoomTicket): Promise<Standing> {
    const actor = await this.deps.credentials.recheck(ticket.orgId, ticket.credential);
    if (!actor) return { outcome: 'unauthenticated', reason: 'The credential that opened this connection has ended.' };
    try {
      authorize(actor, 'deal-rooms:write');
    } catch (error) {
      if (error instanceof DomainError) return { outcome: 'forbidden', reason: error.message };
      throw error;
    }
    if ((await this.deps.flags.value(ticket.orgId, 'deal_rooms')) === false) {
      return { outcome: 'forbidden', reason: 'Deal rooms are switched off for the organization.' };
    }
    const room = await this.deps.rooms.findById(ticket.orgId, ticket.roomId);
    if (!room || !this.takesPart(actor, room)) return { outcome: 'forbidden', reason: 'Only the participants of a deal room take part in it.' };
    return ADMITTED;
  }

  /** A message sent over an admitted connection, drawn from its author's request budget like a post over HTTP. */
  async postAs(ticket: RoomTicket, body: string): Promise<DealMessage> {
    const budget = await this.deps.budget.spend(ticket.orgId, ticket.credential);
    if (!budget.allowed) {
      throw new DomainError('rate_limited', 'The request budget of this credential is spent; messages over the socket count as requests.', {
        retryAfter: budget.retryAfter,
      });
    }
    return this.store(ticket.orgId, ticket.roomId, ticket.authorId, body);
  }

  subscribe(listener: (message: DealMessage) => void): () => void {
    return this.deps.feed.subscribe(listener);
  }

  /** Stops delivering (the service is stopping). */
  close(): Promise<void> {
    return this.deps.feed.close();
  }

  private async store(orgId: string, roomId: string, authorId: string, body: string): Promise<DealMessage> {
    if (body.trim().length === 0 || body.length > DEAL_ROOM_LIMITS.messageLength) {
      throw validationFailed('body', 'length', `A message has 1 to ${DEAL_ROOM_LIMITS.messageLength} characters.`);
    }
    const message: DealMessage = { id: this.deps.ids.next('msg'), orgId, roomId, authorId, body, createdAt: this.deps.clock.now(orgId) };
    await this.deps.messages.insert(message);
    this.deps.feed.published(message);
    return message;
  }

  private takesPart(actor: Principal, room: DealRoom): boolean {
    return actor.kind === 'user' ? isParticipant(room, actor.userId) : actor.kind === 'api_key' || actor.kind === 'machine';
  }

  private async participantRoom(actor: Principal, orgId: string, id: string): Promise<DealRoom> {
    const room = await this.get(actor, orgId, id);
    if (!this.takesPart(actor, room)) throw new DomainError('forbidden', 'Only the participants of a deal room read and write its messages.');
    return room;
  }
}
