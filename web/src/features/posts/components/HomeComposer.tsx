import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Switch } from '../../../ui/Switch';
import { textAreaClasses } from '../../../ui/TextArea';
import { cn } from '../../../ui/cn';
import { useOwnProfile } from '../../profile/api';
import type { ComposerProps } from './Composer';

type LoadedComposer = ComponentType<ComposerProps>;
let loading: Promise<LoadedComposer> | null = null;
const loadComposer = () => (loading ??= import('./Composer').then((module) => module.Composer));

/**
 * The feed's composer, loaded on first intent (issue 20, first-load budget): until then a light
 * copy of its first look (text box, lock switch, actions) stands in, and the real one (with
 * react-hook-form and its zod rules) is fetched when the pointer comes near, something in it
 * gets focus or a file is dragged over. Text typed meanwhile and the text box's focus carry
 * over. A creator's composer (with the Price section, taller) is fetched at once.
 */
export function HomeComposer() {
  const [loaded, setLoaded] = useState<{ component: LoadedComposer } | null>(null);
  const [text, setText] = useState('');
  const [textFocused, setTextFocused] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const { data: own } = useOwnProfile();
  const load = () => void loadComposer().then((component) => setLoaded({ component }));
  const isCreator = own?.is_creator === true;
  useEffect(() => {
    if (isCreator) void loadComposer().then((component) => setLoaded({ component }));
  }, [isCreator]);

  if (loaded) {
    const Composer = loaded.component;
    return <Composer initialContent={text} initialFiles={files} focusContent={textFocused} />;
  }
  return (
    <ComposerStandIn
      text={text}
      onTextChange={setText}
      onIntent={load}
      onFilesPicked={(picked) => {
        setFiles(picked);
        load();
      }}
      onTextFocusChange={(focused) => {
        setTextFocused(focused);
        if (focused) load();
      }}
    />
  );
}

interface ComposerStandInProps {
  text: string;
  onTextChange: (text: string) => void;
  onIntent: () => void;
  onTextFocusChange: (focused: boolean) => void;
  onFilesPicked: (files: File[]) => void;
}

/** Composer.tsx's first look, same classes; all but the text box inert until the real one. */
function ComposerStandIn({
  text,
  onTextChange,
  onIntent,
  onTextFocusChange,
  onFilesPicked,
}: ComposerStandInProps) {
  const { t } = useTranslation();
  const { data: own } = useOwnProfile();
  const id = useId();
  return (
    <section
      aria-label={t('composer.label')}
      onPointerEnter={onIntent}
      onPointerDown={onIntent}
      onDragEnter={onIntent}
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
    >
      <div className="space-y-3">
        <div className="flex gap-3">
          <Avatar src={own?.profile_image} name={own?.username || '?'} decorative />
          <div className="min-w-0 flex-1">
            <label htmlFor={id} className="sr-only">
              {t('composer.contentLabel')}
            </label>
            <textarea
              id={id}
              rows={3}
              value={text}
              onChange={(event) => onTextChange(event.target.value)}
              onFocus={() => onTextFocusChange(true)}
              onBlur={() => onTextFocusChange(false)}
              placeholder={t('composer.placeholder')}
              className={cn(textAreaClasses, 'resize-y')}
            />
          </div>
        </div>
        <div inert>
          <Switch checked={false} onCheckedChange={onIntent} label={t('composer.lock')} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
          <div className="flex items-center gap-1">
            {/* Real: a file picked here is handed to the composer once it has loaded. */}
            <input
              id={`${id}-media`}
              type="file"
              accept="image/*,video/*"
              multiple
              aria-label={t('composer.mediaInput')}
              onFocus={onIntent}
              onChange={(event) => onFilesPicked([...(event.target.files ?? [])])}
              className="peer sr-only"
            />
            <label
              htmlFor={`${id}-media`}
              title={t('composer.addMedia')}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-violet-700 peer-focus-visible:outline-2 peer-focus-visible:outline-violet-600 hover:bg-violet-50"
            >
              <ImagePlus className="size-5" aria-hidden />
              <span>{t('composer.addMedia')}</span>
            </label>
            <span inert className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600">
              {t('composer.drafts')}
            </span>
          </div>
          <div inert className="flex items-center gap-2">
            <Button variant="outline" disabled>
              {t('composer.saveDraft')}
            </Button>
            <Button variant="outline" disabled>
              {t('schedule.schedule')}
            </Button>
            <Button type="submit" disabled>
              {t('composer.submit')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
