/** Claims as the API shows them: money in dollars, reserves with their history, settlements. */
import { Type, type Static } from '@sinclair/typebox';
import { CLAIM_STATUSES, incurred, SETTLEMENT_STATUSES, type Claim, type Reserves, type Settlement } from '../../../core/claims/claim.ts';
import { centsToDollars as dollars } from '../../../core/shared/money.ts';
import { Dollars, Nullable, OneOf, Timestamp } from '../shared/common.schemas.ts';
import { isoInstant } from '../../../core/shared/iso-instant.ts';

const ReservesSchema = Type.Object({ indemnity: Dollars, expense: Dollars });

export const SettlementSchema = Type.Object(
  {
    id: Type.String(),
    amount: Dollars,
    payee: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    status: OneOf(SETTLEMENT_STATUSES),
    offeredBy: Type.String(),
    approvedBy: Nullable(Type.String()),
    createdAt: Timestamp(),
    approvedAt: Type.Union([Timestamp(), Type.Null()]),
  },
  { $id: 'Settlement', description: 'A settlement offer on a claim, with its approval.' },
);

export const ClaimSchema = Type.Object(
  {
    id: Type.String(),
    claimNumber: Type.String({ description: 'Unique within the organization: CLM-<year>-<sequence>.' }),
    policyId: Type.String(),
    policyNumber: Type.String(),
    insuredName: Nullable(Type.String({ description: "The insured's name when the loss was reported; null on claims filed before it was kept." })),
    status: OneOf(CLAIM_STATUSES),
    lossDate: Type.String({ format: 'date' }),
    description: Type.String(),
    lossType: Nullable(Type.String()),
    claimant: Type.Union([Type.Object({ name: Type.String(), email: Nullable(Type.String()), phone: Nullable(Type.String()) }), Type.Null()]),
    location: Nullable(Type.String()),
    estimatedAmount: Type.Union([Dollars, Type.Null()]),
    adjusterId: Nullable(Type.String({ description: 'The user the claim is assigned to.' })),
    reserves: ReservesSchema,
    reserveHistory: Type.Array(Type.Object({ at: Timestamp(), actor: Type.String(), from: ReservesSchema, to: ReservesSchema }), {
      description: 'Every change of reserves, oldest first.',
    }),
    paid: Dollars,
    incurred: Type.Number({ description: 'Dollars: paid plus outstanding reserves.' }),
    settlements: Type.Array(SettlementSchema),
    denialReason: Nullable(Type.String()),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Claim', description: 'A claim on a policy: loss, reserves, settlements and status.' },
);

const viewReserves = (reserves: Reserves) => ({ indemnity: dollars(reserves.indemnity), expense: dollars(reserves.expense) });

export const viewSettlement = (settlement: Settlement): Static<typeof SettlementSchema> => ({
  id: settlement.id,
  amount: dollars(settlement.amount),
  payee: settlement.payee,
  notes: settlement.notes,
  status: settlement.status,
  offeredBy: settlement.offeredBy,
  approvedBy: settlement.approvedBy,
  createdAt: isoInstant(settlement.createdAt),
  approvedAt: settlement.approvedAt ? isoInstant(settlement.approvedAt) : null,
});

export const viewClaim = (claim: Claim): Static<typeof ClaimSchema> => ({
  id: claim.id,
  claimNumber: claim.claimNumber,
  policyId: claim.policyId,
  policyNumber: claim.policyNumber,
  insuredName: claim.insuredName ?? null,
  status: claim.status,
  lossDate: claim.lossDate,
  description: claim.description,
  lossType: claim.lossType,
  claimant: claim.claimant,
  location: claim.location,
  estimatedAmount: claim.estimatedAmount === null ? null : dollars(claim.estimatedAmount),
  adjusterId: claim.adjusterId,
  reserves: viewReserves(claim.reserves),
  reserveHistory: claim.reserveHistory.map((change) => ({
    at: isoInstant(change.at),
    actor: change.actor,
    from: viewReserves(change.from),
    to: viewReserves(change.to),
  })),
  paid: dollars(claim.paid),
  incurred: dollars(incurred(claim)),
  settlements: claim.settlements.map(viewSettlement),
  denialReason: claim.denialReason,
  createdAt: isoInstant(claim.createdAt),
  updatedAt: isoInstant(claim.updatedAt),
});
