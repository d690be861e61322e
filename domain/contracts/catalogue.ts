import { z } from 'zod';
import { id, isoDate, paging } from './fields.ts';

export const clientScopedQuery = z.object({ clientId: id('clientId').optional() });

export const weekListQuery = z.object({ sportId: id('sportId'), date: isoDate.optional() });

export const seasonListQuery = z.object({
  sportId: z.union([id('sportId'), z.array(id('sportId'))]).optional().transform((value) => (value === undefined ? [] : [value].flat())),
  date: isoDate.optional(),
  clientId: id('clientId').optional(),
});

export const pageForm = z.object(paging);
