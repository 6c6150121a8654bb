// the shared dialogs of points that do not cover a task (the editor offers them too)
export { useInsufficientPoints, usePartOffer } from '../../../components/parts/part-offer';
