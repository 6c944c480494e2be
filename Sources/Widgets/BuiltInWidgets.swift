import WidgetCore

/// The widgets WidgetRender ships, as one bundle.
public enum BuiltInWidgets {
    /// Price, COVID-19 by country and COVID-19 worldwide.
    public static var bundle: WidgetBundle {
        WidgetBundle {
            PriceWidget()
            CountryStatusWidget()
            GlobalStatsWidget()
        }
    }
}
