import { ZContentPaging, ZErrorReply } from '@playshop/shared';
import { z } from 'zod';

/** The error replies every content route may give. */
export const errors = {
  400: ZErrorReply,
  401: ZErrorReply,
  403: ZErrorReply,
  404: ZErrorReply,
  409: ZErrorReply,
};

/** `{page}/{pageSize}` as the per-kind paths spell it. */
export const ZPageSizeParams = z.object({
  page: ZContentPaging.shape.page,
  pageSize: ZContentPaging.shape.size,
});
