import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { errorBodyText } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { massKeys, saveWelcome, turnOffWelcome, welcomeQuery } from '../api';
import { ContentFields, contentOf, EMPTY_CONTENT, type ContentDraft } from './ContentFields';
import { MassMessageStats } from './MassMessageStats';

/** The welcome message new subscribers get: its figures, edit (a new version), turn off. */
export function WelcomeMessageSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery(welcomeQuery());
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ContentDraft>(EMPTY_CONTENT);
  const current = data?.current ?? null;
  const done = (state: Awaited<ReturnType<typeof saveWelcome>>) => {
    queryClient.setQueryData(massKeys.welcome(), state);
    setEditing(false);
  };
  const save = useMutation({ mutationFn: () => saveWelcome(contentOf(draft)), onSuccess: done });
  const off = useMutation({ mutationFn: turnOffWelcome, onSuccess: done });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const startEditing = () => {
    setDraft(
      current
        ? {
            text: current.text,
            mediaIds: [],
            price: current.price_cents ? String(current.price_cents / 100) : '',
          }
        : EMPTY_CONTENT,
    );
    setEditing(true);
  };

  return (
    <section
      className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      aria-labelledby="welcome-title"
    >
      <h2 id="welcome-title" className="text-lg font-semibold text-slate-900">
        {t('massMessages.welcome.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('massMessages.welcome.hint')}</p>
      {editing ? (
        <form onSubmit={submit} className="space-y-3">
          <ContentFields value={draft} onChange={setDraft} idPrefix="welcome" />
          {save.isError && (
            <Alert>
              {errorBodyText(save.error, 'text') ??
                errorBodyText(save.error, 'price') ??
                t('massMessages.welcome.failed')}
            </Alert>
          )}
          <div className="flex gap-2">
            <Button type="submit" busy={save.isPending}>
              {t('massMessages.welcome.save')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
              {t('massMessages.welcome.cancel')}
            </Button>
          </div>
        </form>
      ) : current ? (
        <>
          <p className="text-sm whitespace-pre-wrap text-slate-900">{current.text}</p>
          <MassMessageStats message={current} />
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={startEditing}>
              {t('massMessages.welcome.edit')}
            </Button>
            <Button type="button" variant="ghost" busy={off.isPending} onClick={() => off.mutate()}>
              {t('massMessages.welcome.turnOff')}
            </Button>
          </div>
        </>
      ) : (
        <Button type="button" variant="outline" onClick={startEditing}>
          {t('massMessages.welcome.create')}
        </Button>
      )}
    </section>
  );
}
