/** Fields of an aggregate document that hold events not yet handed to the relay. */
export const OUTBOX_FIELD = 'pendingEvents';
export const OUTBOX_FLAG = 'hasPendingEvents';
