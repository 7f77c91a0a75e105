import type { FastifyInstance } from 'fastify';
import type { RoomsService } from './service';
export declare function roomRoutes(app: FastifyInstance, rooms: RoomsService): void;
