import type { RequestHandler } from 'express';
import { DomainError } from '../domain-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent from other sites (CSRF), on top of SameSite=Lax cookies:
 * browsers say where a request comes from in Sec-Fetch-Site, older ones in Origin.
 */
export function requireSameOrigin(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      return next(new DomainError('common.cross_site'));
    }
    const origin = req.get('origin');
    if (origin && origin !== publicOrigin && origin !== `${req.protocol}://${req.get('host')}`) {
      return next(new DomainError('common.cross_site'));
    }
    next();
  };
}
