import type { FastifyInstance } from 'fastify';
import type { OrgsService } from './service';
export declare function orgRoutes(app: FastifyInstance, orgs: OrgsService): void;
