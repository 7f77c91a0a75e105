import { CATEGORY_API } from '@playshop/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/endpoint';
import type { CategoriesService } from './service';

export function categoryRoutes(app: FastifyInstance, categories: CategoriesService): void {
  route(app, CATEGORY_API.list, () => categories.list());
  route(app, CATEGORY_API.create, ({ body }) => categories.create(body.name));
  route(app, CATEGORY_API.remove, ({ params }) => categories.remove(params.id));
}
