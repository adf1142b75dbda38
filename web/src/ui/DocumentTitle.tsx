import { useTranslation } from '../lib/use-translation';

export interface DocumentTitleProps {
  title?: string;
}

/** Sets the tab title; React 19 hoists <title> into <head>. */
export function DocumentTitle({ title }: DocumentTitleProps) {
  const { t } = useTranslation();
  const appName = t('app.name');
  return <title>{title ? `${title} · ${appName}` : appName}</title>;
}
