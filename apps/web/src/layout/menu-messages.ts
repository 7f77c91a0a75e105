import { type Catalogue, type ExtraCatalogue, loadCatalogue } from '../i18n/i18n';

/**
 * The user menu's few words in every language (docs/i18n.md): a catalogue of its own, loaded with the
 * menu's chunk when someone reaches for the menu, so a phone reads them in its language without
 * carrying them on its way to a card.
 */
const menuCatalogue: ExtraCatalogue = {
  files: import.meta.glob<Catalogue>('../../../../packages/messages/catalogues/menu/*.json'),
  file: (locale) => `../../../../packages/messages/catalogues/menu/${locale}.json`,
};

export const loadMenuMessages = () => loadCatalogue(menuCatalogue);
