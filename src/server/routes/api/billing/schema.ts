import { z } from 'zod';

export const historyQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const checkoutBody = z.object({
  amountIndex: z.number({ message: 'Choose one of the offered amounts' }).int().min(0),
});

export const grantBody = z.object({
  email: z.string().trim().min(1, 'E-mail is required').max(320),
  amount: z.union([z.string().max(40), z.number()], { message: 'Amount is required' }),
  paid: z.boolean().default(false),
  requestId: z.uuid('requestId must be a UUID'),
});

export const adminUsersQuery = z.object({ search: z.string().trim().max(320).default('') });

export const testChargeBody = z.object({
  key: z.string().min(1).max(200),
  amountMicros: z.number().int().positive().optional(),
  costPerSection: z.number().min(0).nullable().optional(),
  fail: z.boolean().default(false),
  workMs: z.number().int().min(0).max(5000).default(0),
});

export const testStreamBody = z.object({
  key: z.string().min(1).max(200),
  outcome: z.enum(['finished', 'error']).default('finished'),
  delayMs: z.number().int().min(0).max(2000).default(0),
});
