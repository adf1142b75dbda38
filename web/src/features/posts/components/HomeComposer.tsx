import ImagePlus from 'lucide-react/icons/image-plus';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Switch } from '../../../ui/Switch';
import { textAreaClasses } from '../../../ui/TextArea';
import { cn } from '../../../ui/cn';
import type { ComposerProps } from './Composer';
import { useOwnProfile } from '../../../lib/own-profile';

type LoadedComposer = ComponentType<ComposerProps>;
let loading: Promise<LoadedComposer> | null = null;
const loadComposer = () => (loading ??= import('./Composer').then((module) => module.Composer));

/**
 * The feed's composer, loaded on first intent (issue 20, first-load budget): until then a light
 * copy of its first look (text box, lock switch, actions) stands in, and the real one (with
 * react-hook-form and its zod rules) is fetched when the pointer comes near, something in it
 * gets focus or a file is dragged over or picked. Text typed meanwhile, files picked and the
 * text box's focus carry over. A creator's composer (with the Price section, taller) is fetched
 * at once.
 *
 * While the stand-in's file dialog is open the swap waits: the dialog answers the input that
 * opened it, and a stand-in replaced meanwhile would drop the files picked.
 */
export function HomeComposer() {
  const [loaded, setLoaded] = useState<{ component: LoadedComposer } | null>(null);
  const [text, setText] = useState('');
  const [textFocused, setTextFocused] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [picking, setPicking] = useState(false);
  const { data: own } = useOwnProfile();
  const load = () => void loadComposer().then((component) => setLoaded({ component }));
  const isCreator = own?.is_creator === true;
  useEffect(() => {
    if (isCreator) void loadComposer().then((component) => setLoaded({ component }));
  }, [isCreator]);

  if (loaded && !picking) {
    const Composer = loaded.component;
    return <Composer initialContent={text} initialFiles={files} focusContent={textFocused} />;
  }
  return (
    <ComposerStandIn
      text={text}
      onTextChange={setText}
      onIntent={load}
      onPress={() => {
        // A browser without the input's `cancel` event: the next press ends the wait.
        setPicking(false);
        load();
      }}
      onPickStart={() => {
        setPicking(true);
        load();
      }}
      onPickEnd={(picked) => {
        if (picked.length > 0) setFiles(picked);
        setPicking(false);
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
  /** A pointer pressed anywhere in it. */
  onPress: () => void;
  onTextFocusChange: (focused: boolean) => void;
  /** The file dialog opens. */
  onPickStart: () => void;
  /** It closed: with the files picked, or none when cancelled. */
  onPickEnd: (files: File[]) => void;
}

/** Composer.tsx's first look, same classes; all but the text box inert until the real one. */
function ComposerStandIn({
  text,
  onTextChange,
  onIntent,
  onPress,
  onTextFocusChange,
  onPickStart,
  onPickEnd,
}: ComposerStandInProps) {
  const { t } = useTranslation();
  const { data: own } = useOwnProfile();
  const id = useId();
  const fileInput = useFileDialogCancel(() => onPickEnd([]));
  return (
    <section
      aria-label={t('composer.label')}
      onPointerEnter={onIntent}
      onPointerDown={onPress}
      onDragEnter={onIntent}
      // A drop before the real one is in: its files are handed over (and the browser does not
      // open the file in place of the page).
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        onPickEnd([...event.dataTransfer.files]);
      }}
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
              ref={fileInput}
              onFocus={onIntent}
              onClick={onPickStart}
              onChange={(event) => onPickEnd([...(event.target.files ?? [])])}
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

/** A ref for a file input that calls `onCancel` when its dialog closes with nothing picked. */
function useFileDialogCancel(onCancel: () => void) {
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(onCancel);
  useEffect(() => {
    latest.current = onCancel;
  });
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    // React has no prop for an input's `cancel` event.
    const cancelled = () => latest.current();
    element.addEventListener('cancel', cancelled);
    return () => element.removeEventListener('cancel', cancelled);
  }, []);
  return input;
}
