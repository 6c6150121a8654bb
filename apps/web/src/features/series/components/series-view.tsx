import { useNavigate, useSearchParams } from 'react-router';
import { seriesPath } from '../../../lib/paths';
import { SeriesEditor } from './series-editor';
import { SeriesList } from './series-list';

/** The dashboard's series (?view=series): the list, or one series (&series={id}, 'new' for one being made). */
export function SeriesView() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const open = (id?: string) => void navigate(seriesPath(id));
  const id = params.get('series');
  if (!id) return <SeriesList onOpen={open} />;
  return (
    <SeriesEditor
      key={id}
      id={id === 'new' ? null : id}
      onBack={() => open()}
      onOpen={(saved) => void navigate(seriesPath(saved), { replace: true })}
    />
  );
}
