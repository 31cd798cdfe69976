import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/site';

/** Sets the page's title and meta description while the page is shown. */
export function useDocumentMeta(title: string, description: string) {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
