// The console is not budgeted like the parents' app (decision 046): Mantine's whole stylesheet
// in its documented order, then the packages' own, so no screen misses a component's CSS.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import 'mantine-datatable/styles.css';
import './contrast.css';
