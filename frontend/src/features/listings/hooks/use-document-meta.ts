import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';

function descriptionTag(): HTMLMetaElement {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/** The page's title and meta description while it is shown; the previous ones come back when it goes. */
export function useDocumentMeta(title: string | undefined, description: string | undefined): void {
  const { t } = useTranslation();
  const brand = t('brand');
  useEffect(() => {
    if (title === undefined) return;
    const tag = descriptionTag();
    const previous = { title: document.title, description: tag.content };
    document.title = `${title} | ${brand}`;
    if (description !== undefined) tag.content = description;
    return () => {
      document.title = previous.title;
      tag.content = previous.description;
    };
  }, [title, description, brand]);
}
