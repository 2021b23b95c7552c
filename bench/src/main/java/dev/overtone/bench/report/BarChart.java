package dev.overtone.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** A grouped bar chart drawn with XChart and saved as PNG. Missing values are drawn as no bar. */
public final class BarChart {

    private final String title;
    private final String yTitle;
    private final List<String> categories;
    private final Map<String, List<Double>> series = new LinkedHashMap<>();

    public BarChart(String title, String yTitle, List<String> categories) {
        this.title = title;
        this.yTitle = yTitle;
        this.categories = List.copyOf(categories);
    }

    /** A series with one value per category; a null value draws no bar. */
    public BarChart series(String name, List<Double> values) {
        if (values.size() != categories.size()) {
            throw new IllegalArgumentException(name + ": " + values.size() + " values for " + categories.size() + " categories");
        }
        series.put(name, new ArrayList<>(values));
        return this;
    }

    public String title() {
        return title;
    }

    public List<String> categories() {
        return categories;
    }

    /** Each series' values by its name, in the order added (a null value: no bar). */
    public Map<String, List<Double>> series() {
        return Collections.unmodifiableMap(series);
    }

    public void savePng(Path file, double yMax) throws IOException {
        System.setProperty("java.awt.headless", "true");
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(560).title(title)
                .xAxisTitle("").yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setXAxisLabelRotation(25);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(yMax);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setDecimalPattern("#0.0");
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        series.forEach((name, values) -> {
            chart.addSeries(name, categories, new ArrayList<Number>(values));
        });
        String base = file.toAbsolutePath().toString();
        if (base.endsWith(".png")) {
            base = base.substring(0, base.length() - 4);
        }
        BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
    }
}
