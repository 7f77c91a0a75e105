import { type RoomReply } from '@playshop/shared';
import type { Db } from '../db/client';
import { type Actor } from '../http/actor';
export declare function roomsService(db: Db): {
    listByOrgName(actor: Actor, orgName: string): Promise<RoomReply[]>;
    getById(actor: Actor, id: number): Promise<RoomReply>;
};
export type RoomsService = ReturnType<typeof roomsService>;
