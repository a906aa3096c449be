package gilsim.cli;

import picocli.CommandLine;

/** {@code --version}: the project version from the jar's manifest, or "dev" when run from classes. */
final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"gilsim " + (v == null ? "dev" : v)};
    }
}
