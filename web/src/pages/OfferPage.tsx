import { useParams } from 'react-router';
import { OfferLanding } from '../features/offers';
import { Logo } from '../ui/Logo';

/** /offers/{code}: open to everyone holding the link, signed in or not. */
export function OfferPage() {
  const { code = '' } = useParams();
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col gap-6 px-4 py-10">
      <Logo />
      <OfferLanding code={code} />
    </main>
  );
}
