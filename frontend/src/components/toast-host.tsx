import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { LIMITS } from '@market/contracts';
import { toastHostMounted } from '../lib/toast';

/** The notifications' container; loaded with the first notification (lib/toast). */
export default function ToastHost() {
  // Runs after the container's own effects: it is registered and shows what was asked for.
  useEffect(() => toastHostMounted(toast), []);
  return <ToastContainer position="top-right" autoClose={LIMITS.toastAutoCloseMs} closeOnClick draggable />;
}
