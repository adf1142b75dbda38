import { CreatorLeakTracer } from '../features/leak-trace';

/** /creator/leak-tracer: whom a leaked copy of a creator's image was served to (issue 35). */
export function LeakTracerPage() {
  return <CreatorLeakTracer />;
}
