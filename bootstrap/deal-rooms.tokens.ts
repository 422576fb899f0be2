import type { DealMessageRepository, DealRoomRepository, SpentTickets } from '../ports/deal-rooms/deal-room.ports.ts';
import type { DealRooms } from '../ports/deal-rooms/deal-rooms.use-case.ts';
import { token } from './wiring.ts';

/** Deal rooms, their messages and spent socket tickets. Each key is typed by the port bound to it in `deal-rooms.module.ts`. */
export const DEAL_ROOMS = {
  DealRoomRepository: token<DealRoomRepository>('DealRoomRepository'),
  DealMessageRepository: token<DealMessageRepository>('DealMessageRepository'),
  SpentTickets: token<SpentTickets>('SpentTickets'),
  DealRooms: token<DealRooms>('DealRooms'),
} as const;
