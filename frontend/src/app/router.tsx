import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppLayout } from './app-layout';

/**
 * A route module's page, loaded on first visit (the layout's loader shows meanwhile).
 * Declarative routes need a fraction of the data router's code in the first download.
 */
function page(load: () => Promise<{ Component: ComponentType }>) {
  const Page = lazy(() => load().then((module) => ({ default: module.Component })));
  return <Page />;
}

// Created once: a new lazy component on every render would load and mount the page afresh.
const home = page(() => import('./routes/home'));
const phoneDetail = page(() => import('./routes/phone-detail'));
const login = page(() => import('./routes/login'));
const register = page(() => import('./routes/register'));
const forgot = page(() => import('./routes/forgot'));
const brands = page(() => import('./routes/categories'));
const profileLayout = page(() => import('./routes/profile/layout'));
const myListings = page(() => import('./routes/profile/my-listings'));
const settings = page(() => import('./routes/profile/settings'));
const balance = page(() => import('./routes/profile/balance'));
const listingAdd = page(() => import('./routes/profile/listing-add'));
const listingEdit = page(() => import('./routes/profile/listing-edit'));
const categoriesAdmin = page(() => import('./routes/profile/categories'));
const allPhones = page(() => import('./routes/profile/all-phones'));
const notFound = page(() => import('./routes/not-found'));

/** Every route of spec section 2; each page is its own chunk. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={home} />
        <Route path="phone/:id" element={phoneDetail} />
        <Route path="login" element={login} />
        <Route path="register" element={register} />
        <Route path="forgot" element={forgot} />
        <Route path="categories" element={brands} />
        <Route path="profile" element={profileLayout}>
          <Route index element={myListings} />
          <Route path="settings" element={settings} />
          <Route path="balance" element={balance} />
          <Route path="phone/add" element={listingAdd} />
          <Route path="phone/edit/:id" element={listingEdit} />
          <Route path="categories" element={categoriesAdmin} />
          <Route path="allphones" element={allPhones} />
        </Route>
        <Route path="*" element={notFound} />
      </Route>
    </Routes>
  );
}
