// Every Mantine component's styles, in Mantine's cascade layer (`@layer mantine`): loaded by the root
// route before any page other than the landing page (app/router.tsx). The layer makes the order of
// stylesheets irrelevant: this file arrives after the entry's styles and the CSS modules, and the
// app's own (unlayered) rules still win over Mantine's, as they would if it came first.
import '@mantine/core/styles.layer.css';
