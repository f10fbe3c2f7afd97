/**
 * Core Web Vitals of real visitors (LCP, INP, CLS), pushed to the data layer as each is final. Loaded by
 * analytics.ts after the tag manager, so only where analytics is configured; built as a module of its own,
 * it starts when it is imported. The browser buffers the entries from before, so a late start still sees
 * the page's largest paint and its layout shifts.
 */
import { onCLS, onINP, onLCP } from 'web-vitals';
import { vitalEvent } from './analytics-rules.ts';

const send = (metric: { name: string; value: number; rating: string; id: string }) => {
  window.dataLayer ??= [];
  window.dataLayer.push(vitalEvent(metric, location.pathname));
};
onLCP(send);
onINP(send);
onCLS(send);
