package io.railscope.fabric;

/**
 * How many unhealthy rails a node needs before its host is blamed rather than each link: the fewest, from the
 * configured minimum, that the cell's background of unhealthy ports would put on one node by chance on fewer than
 * {@code byChance} nodes of the cell (a binomial tail: each of a node's rails unhealthy alone with the background's
 * probability).
 *
 * @param rails the unhealthy rails a node needs; more than it has when none would do
 * @param background the share of the cell's ports unhealthy and explained by no switch
 */
record NodeThreshold(int rails, double background) {

    static NodeThreshold of(int nodes, int railsPerNode, int unexplained, int ports, int minRails, double byChance) {
        double background = ports == 0 ? 0 : (double) unexplained / ports;
        for (int rails = minRails; rails <= railsPerNode; rails++) {
            if (nodes * atLeast(rails, railsPerNode, background) <= byChance) {
                return new NodeThreshold(rails, background);
            }
        }
        return new NodeThreshold(railsPerNode + 1, background);
    }

    /** P(X ≥ k) for X ~ Binomial(n, p). */
    static double atLeast(int k, int n, double p) {
        double tail = 0;
        for (int i = k; i <= n; i++) {
            tail += binomial(n, i) * Math.pow(p, i) * Math.pow(1 - p, n - i);
        }
        return tail;
    }

    private static double binomial(int n, int k) {
        double result = 1;
        for (int i = 1; i <= k; i++) {
            result = result * (n - k + i) / i;
        }
        return result;
    }
}
