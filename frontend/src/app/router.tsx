import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from './app-layout';

/** Every route of spec section 2; each page is its own chunk, loaded on first visit. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'phone/:id', lazy: () => import('./routes/phone-detail') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'register', lazy: () => import('./routes/register') },
      { path: 'forgot', lazy: () => import('./routes/forgot') },
      { path: 'categories', lazy: () => import('./routes/categories') },
      {
        path: 'profile',
        lazy: () => import('./routes/profile/layout'),
        children: [
          { index: true, lazy: () => import('./routes/profile/my-listings') },
          { path: 'settings', lazy: () => import('./routes/profile/settings') },
          { path: 'balance', lazy: () => import('./routes/profile/balance') },
          { path: 'phone/add', lazy: () => import('./routes/profile/listing-add') },
          { path: 'phone/edit/:id', lazy: () => import('./routes/profile/listing-edit') },
          { path: 'categories', lazy: () => import('./routes/profile/categories') },
          { path: 'allphones', lazy: () => import('./routes/profile/all-phones') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
