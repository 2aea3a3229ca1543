import { mount } from 'svelte';
import '@reel/components';
import App from './App.svelte';

mount(App, { target: document.getElementById('app') });
