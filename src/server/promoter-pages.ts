/**
 * What the site's pages need to know of promoter sessions (`static-site.ts`): whether the
 * session a page request's cookie names is still open, and how to end one that is not. The
 * embedded service answers from its sessions table; upstream, where sessions live elsewhere,
 * the cookie alone decides, as the upstream's first call then tells the page's code.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock, Db } from './sandbox/types.ts';
import { endClosedSession, readSessionCookie } from './session-cookie.ts';
import { findSession } from './sessions.ts';
import type { Settings } from './settings.ts';

export interface PromoterPages {
  /** True while the session the request's cookie names is open. */
  isOpen(request: FastifyRequest): Promise<boolean>;
  /** Clears the cookie of a closed session and tells the page's code it ended. */
  endClosed(request: FastifyRequest, reply: FastifyReply): void;
}

/** Promoter sessions as the embedded service keeps them. */
export function embeddedPromoterPages(db: Db, clock: Clock, settings: Settings): PromoterPages {
  return {
    isOpen: async (request) => {
      const token = readSessionCookie(request);
      return token !== null && (await findSession(db, clock, token, settings.sessionIdleMs)) !== null;
    },
    endClosed: (request, reply) => endClosedSession(request, reply, settings),
  };
}
