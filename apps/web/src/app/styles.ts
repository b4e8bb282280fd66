// The kit's Mantine styles first (their order matters: packages/web-kit/src/styles), then the
// app's own rules.
import '@portal/web-kit/styles';
import './global.css';
