// Placeholder until the screen lands: the shared not-built-yet screen.
export { Component } from '../../routes/not-built-yet';
