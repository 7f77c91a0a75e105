import type { ContentService } from '../content/service';
import type { Db } from '../db/client';
import { workshopReader } from './reading';
import { sessionWriter } from './session-writing';
import { workshopWriter } from './writing';

/**
 * The workshop builder: reading workshops and sessions (reading.ts), writing a workshop
 * (writing.ts) and its sessions (session-writing.ts); the checks they share are in checks.ts.
 */
export function workshopsService(db: Db, contentSvc: ContentService) {
  return {
    ...workshopReader(db, contentSvc),
    ...workshopWriter(db),
    ...sessionWriter(db, contentSvc),
  };
}

export type WorkshopsService = ReturnType<typeof workshopsService>;
