import { type Catalogue, type ExtraCatalogue, loadCatalogue } from '../../i18n/i18n';

/**
 * The Training page's catalogue (docs/i18n.md): its own chunk per language, and this table of them
 * lives in the page's chunk, so none of it weighs on a phone's way to a card.
 */
const trainingCatalogue: ExtraCatalogue = {
  files: import.meta.glob<Catalogue>('../../../../../packages/messages/catalogues/training/*.json'),
  file: (locale) => `../../../../../packages/messages/catalogues/training/${locale}.json`,
};

export const loadTrainingMessages = () => loadCatalogue(trainingCatalogue);
