import NotFoundPage from './not-found';

// Placeholder until this page is written.
export default NotFoundPage;
